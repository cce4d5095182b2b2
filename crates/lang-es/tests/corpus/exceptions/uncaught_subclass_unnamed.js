// An uncaught instance of an Error subclass that does not set its name.
class ParseFailure extends Error {}
console.log("parsing");
throw new ParseFailure("unexpected token at 3");
