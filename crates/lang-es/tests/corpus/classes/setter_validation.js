// Setters that validate and count assignments.
class Account {
  constructor() { this._balance = 0; this.changes = 0; }
  get balance() { return this._balance; }
  set balance(v) {
    if (v < 0) { console.log("rejected", v); return; }
    this._balance = v;
    this.changes++;
  }
}
const a = new Account();
a.balance = 50;
a.balance = -5;
a.balance += 25;
a.balance -= 100;
console.log(a.balance, a.changes);
