// An uncaught error with no message.
console.log("going to fail");
throw new TypeError();
