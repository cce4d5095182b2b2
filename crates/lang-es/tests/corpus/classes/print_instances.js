// console.log of class instances shows the class name.
class Empty {}
class WithFields { constructor() { this.a = 1; this.b = "two"; } }
class Child extends WithFields { constructor() { super(); this.c = [3]; } }
class Holder { constructor(x) { this.inner = x; } }
console.log(new Empty());
console.log(new WithFields());
console.log(new Child());
console.log(new Holder(new Holder(new Empty())));
console.log([new Empty(), new WithFields()]);
console.log({ e: new Empty() });
