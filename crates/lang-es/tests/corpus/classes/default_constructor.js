// Derived classes without a constructor pass all arguments to the parent.
class P {
  constructor(a, b, c) { this.sum = a + b + (c === undefined ? 0 : c); this.count = [a, b, c].length; }
}
class Q extends P {}
class R extends Q { extra() { return this.sum * 2; } }
console.log(new Q(1, 2), new R(1, 2, 3).extra());
