// An uncaught TypeError from calling new on a non-constructor.
const factory = { make: () => ({}) };
console.log(typeof factory.make);
const obj = new factory.make();
