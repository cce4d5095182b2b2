// An uncaught TypeError from calling undefined.
const config = { handlers: {} };
console.log("dispatching");
config.handlers.onStart();
