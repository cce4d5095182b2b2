// A toString method is used by string conversion but not by console.log.
class Money {
  constructor(c) { this.cents = c; }
  toString() { return (this.cents / 100).toFixed(2) + " EUR"; }
}
const m = new Money(1999);
console.log("Price: " + m);
console.log(m);
console.log([m, new Money(5)].join("; "));
console.log(`${new Money(100)}`);
