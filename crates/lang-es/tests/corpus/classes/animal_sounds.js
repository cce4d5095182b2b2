// Polymorphism over an array of animals with an overridden method.
class Animal {
  constructor(n) { this.n = n; }
  sound() { return "..."; }
  speak() { return `${this.n} says ${this.sound()}`; }
}
class Cat extends Animal { sound() { return "meow"; } }
class Cow extends Animal { sound() { return "moo"; } }
class Fox extends Animal {}
const zoo = [new Cat("Tom"), new Cow("Bess"), new Fox("Foxy"), new Cat("Kit")];
for (const a of zoo) console.log(a.speak());
console.log(zoo.filter(a => a instanceof Cat).length);
