// A bank simulation with accounts, transfers, interest and an audit log.
class InsufficientFunds extends Error {
  constructor(account, amount) {
    super("account " + account.id + " cannot pay " + amount);
    this.name = "InsufficientFunds";
  }
}

class Account {
  constructor(id, owner, cents) {
    this.id = id;
    this.owner = owner;
    this.cents = cents;
    this.history = [];
  }
  deposit(c, note) { this.cents += c; this.history.push("+" + c + " " + note); }
  withdraw(c, note) {
    if (c > this.cents) throw new InsufficientFunds(this, c);
    this.cents -= c;
    this.history.push("-" + c + " " + note);
  }
  toString() { return this.id + "(" + this.owner + "): " + (this.cents / 100).toFixed(2); }
}

class SavingsAccount extends Account {
  constructor(id, owner, cents, ratePercent) {
    super(id, owner, cents);
    this.rate = ratePercent;
  }
  addInterest() {
    const interest = Math.floor(this.cents * this.rate / 100);
    this.deposit(interest, "interest");
    return interest;
  }
}

class Bank {
  constructor() { this.accounts = []; this.log = []; this.nextId = 1; }
  open(owner, cents, rate) {
    const id = "A" + String(this.nextId++).padStart(3, "0");
    const acc = rate === undefined ? new Account(id, owner, cents) : new SavingsAccount(id, owner, cents, rate);
    this.accounts.push(acc);
    return acc;
  }
  transfer(from, to, c) {
    try {
      from.withdraw(c, "to " + to.id);
      to.deposit(c, "from " + from.id);
      this.log.push("ok " + from.id + "->" + to.id + " " + c);
      return true;
    } catch (e) {
      if (!(e instanceof InsufficientFunds)) throw e;
      this.log.push("failed: " + e.message);
      return false;
    }
  }
  total() { return this.accounts.reduce((s, a) => s + a.cents, 0); }
  monthEnd() {
    let paid = 0;
    for (const a of this.accounts) if (a instanceof SavingsAccount) paid += a.addInterest();
    return paid;
  }
}

const bank = new Bank();
const alice = bank.open("alice", 100000);
const bob = bank.open("bob", 2500);
const carol = bank.open("carol", 50000, 2);
const before = bank.total();
bank.transfer(alice, bob, 12345);
bank.transfer(bob, carol, 99999);
bank.transfer(bob, carol, 14845);
bank.transfer(carol, alice, 1);
console.log("money conserved:", bank.total() === before);
for (let m = 1; m <= 6; m++) console.log("month", m, "interest paid", bank.monthEnd());
for (const a of bank.accounts) console.log(String(a));
console.log(bank.log);
console.log(carol.history.length, carol.history.slice(0, 4));
console.log(bank.total(), (bank.total() / 100).toFixed(2));
