// Merging configuration objects by hand with defaults.
function merge(defaults, overrides) {
  const out = {};
  for (const k of Object.keys(defaults)) out[k] = defaults[k];
  for (const k of Object.keys(overrides)) {
    if (overrides[k] !== undefined) out[k] = overrides[k];
  }
  return out;
}
const defaults = { host: "localhost", port: 80, debug: false, retries: 3 };
console.log(merge(defaults, { port: 8080, debug: true, extra: "x" }));
console.log(merge(defaults, { host: undefined }));
console.log(merge({}, {}));
