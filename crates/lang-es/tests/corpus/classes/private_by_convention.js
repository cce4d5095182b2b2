// Underscore-prefixed properties and accessor pairs.
class Stack {
  constructor() { this._items = []; }
  push(x) { this._items.push(x); }
  pop() { return this._items.pop(); }
  get size() { return this._items.length; }
  get top() { return this._items[this._items.length - 1]; }
}
const s = new Stack();
s.push(1); s.push(2); s.push(3);
console.log(s.size, s.top, s.pop(), s.size, s);
