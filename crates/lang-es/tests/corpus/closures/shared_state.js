// Several closures sharing one captured variable.
function account(initial) {
  let balance = initial;
  return {
    deposit(x) { balance += x; return balance; },
    withdraw(x) { if (x > balance) return "insufficient"; balance -= x; return balance; },
    balance: () => balance,
  };
}
const acc = account(100);
console.log(acc.deposit(50), acc.withdraw(30), acc.withdraw(500), acc.balance());
