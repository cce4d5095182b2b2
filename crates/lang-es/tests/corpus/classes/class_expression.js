// Class expressions, named and anonymous.
const Anon = class {
  hi() { return "anon"; }
};
const Named = class Inner {
  who() { return Inner.name; }
};
console.log(new Anon().hi(), new Named().who(), Anon.name, Named.name);
function makeClass(greeting) {
  return class {
    greet(n) { return greeting + ", " + n; }
  };
}
const Hello = makeClass("Hello");
const Hi = makeClass("Hi");
console.log(new Hello().greet("a"), new Hi().greet("b"));
