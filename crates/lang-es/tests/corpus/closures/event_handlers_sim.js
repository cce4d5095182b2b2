// Simulating event handlers registered in a loop over button names.
const handlers = {};
const names = ["ok", "cancel", "help"];
for (const n of names) {
  let clicks = 0;
  handlers[n] = () => n + " clicked " + ++clicks + "x";
}
console.log(handlers.ok(), handlers.ok(), handlers.help(), handlers.ok(), handlers.cancel());
