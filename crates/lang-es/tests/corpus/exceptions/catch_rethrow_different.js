// Translating low-level errors into domain errors with the cause in the message.
class ConfigError extends Error {
  constructor(msg) { super(msg); this.name = "ConfigError"; }
}
function readPort(cfg) {
  try {
    return cfg.server.port;
  } catch (e) {
    throw new ConfigError("cannot read port (" + e.message + ")");
  }
}
console.log(readPort({ server: { port: 8080 } }));
try {
  readPort({});
} catch (e) {
  console.log(e.name + ": " + e.message);
}
