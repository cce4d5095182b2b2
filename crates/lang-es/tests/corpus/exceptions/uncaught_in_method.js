// An uncaught error thrown inside a method of a class instance.
class Stack {
  constructor() { this.items = []; }
  pop() {
    if (this.items.length === 0) throw new Error("pop from empty stack");
    return this.items.pop();
  }
}
const s = new Stack();
s.items.push(1);
console.log(s.pop());
console.log(s.pop());
