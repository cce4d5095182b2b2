// extends and super() calls with method overriding.
class Animal {
  constructor(name) { this.name = name; }
  speak() { return this.name + " makes a sound"; }
  describe() { return "I am " + this.name + ": " + this.speak(); }
}
class Dog extends Animal {
  constructor(name, breed) {
    super(name);
    this.breed = breed;
  }
  speak() { return this.name + " barks"; }
}
class Puppy extends Dog {
  speak() { return super.speak() + " softly"; }
}
const a = new Animal("generic"), d = new Dog("Rex", "lab"), p = new Puppy("Bit", "pug");
console.log(a.describe());
console.log(d.describe());
console.log(p.describe());
console.log(d, p);
