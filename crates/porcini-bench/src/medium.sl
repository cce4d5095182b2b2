// A medium-sized SL program for the parse benchmark: a little of everything the grammar has
// (functions, loops, conditionals, break and continue, properties both ways, calls, strings and
// comments), written as a plausible program rather than as a list of constructs. Running it
// prints a few lines and returns a checksum, which a unit test pins.

/* Integer helpers. SL has no '%' and no unary minus, so both are built from the others. */

function rem(a, b) {
  return a - (a / b) * b;
}

function negate(a) {
  return 0 - a;
}

function abs(a) {
  if (a < 0) {
    return negate(a);
  }
  return a;
}

function gcd(a, b) {
  while (b != 0) {
    t = rem(a, b);
    a = b;
    b = t;
  }
  return a;
}

function isqrt(n) {
  lo = 0;
  hi = n + 1;
  while (hi - lo > 1) {
    mid = (lo + hi) / 2;
    if (mid * mid <= n) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  return lo;
}

function isPrime(n) {
  if (n < 2) {
    return 1 == 0;
  }
  d = 2;
  limit = isqrt(n);
  while (d <= limit) {
    if (rem(n, d) == 0) {
      return 1 == 0;
    }
    d = d + 1;
  }
  return 1 == 1;
}

function countPrimes(n) {
  count = 0;
  i = 0;
  while (i < n) {
    i = i + 1;
    if (isPrime(i) == (1 == 0)) {
      continue;
    }
    count = count + 1;
  }
  return count;
}

/* A singly linked list of objects, with a few operations over it. */

function cons(head, tail) {
  cell = new();
  cell.head = head;
  cell.tail = tail;
  return cell;
}

function nil() {
}

function range(from, to) {
  list = nil();
  i = to;
  while (i > from) {
    i = i - 1;
    list = cons(i, list);
  }
  return list;
}

function length(list) {
  n = 0;
  while (isNull(list) == (1 == 0)) {
    n = n + 1;
    list = list.tail;
  }
  return n;
}

function map(list, f) {
  if (isNull(list)) {
    return list;
  }
  return cons(f(list.head), map(list.tail, f));
}

function fold(list, f, acc) {
  while (isNull(list) == (1 == 0)) {
    acc = f(acc, list.head);
    list = list.tail;
  }
  return acc;
}

function square(x) {
  return x * x;
}

function plus(a, b) {
  return a + b;
}

function join(list, separator) {
  text = "";
  first = 1 == 1;
  while (isNull(list) == (1 == 0)) {
    if (first) {
      first = 1 == 0;
    } else {
      text = text + separator;
    }
    text = text + list.head;
    list = list.tail;
  }
  return text;
}

/* An unbalanced binary search tree keyed by numbers, stored in objects. */

function insert(tree, key) {
  if (isNull(tree)) {
    node = new();
    node.key = key;
    node["count"] = 1;
    node.left = nil();
    node.right = nil();
    return node;
  }
  if (key == tree.key) {
    tree["count"] = tree["count"] + 1;
  } else {
    if (key < tree.key) {
      tree.left = insert(tree.left, key);
    } else {
      tree.right = insert(tree.right, key);
    }
  }
  return tree;
}

function depth(tree) {
  if (isNull(tree)) {
    return 0;
  }
  l = depth(tree.left);
  r = depth(tree.right);
  if (l > r) {
    return l + 1;
  }
  return r + 1;
}

function inorder(tree, visit) {
  if (isNull(tree) || isNull(visit)) {
    return 0;
  }
  return inorder(tree.left, visit) + visit(tree) + inorder(tree.right, visit);
}

function keyTimesCount(node) {
  return node.key * node["count"];
}

/* A tiny ledger: accounts as objects, transfers as calls, a report as a string. */

function account(name, balance) {
  a = new();
  a.name = name;
  a.balance = balance;
  a.history = 0;
  return a;
}

function transfer(from, to, amount) {
  if (amount <= 0 || from.balance < amount) {
    return 1 == 0;
  }
  from.balance = from.balance - amount;
  to.balance = to.balance + amount;
  from.history = from.history + 1;
  to.history = to.history + 1;
  return 1 == 1;
}

function report(a) {
  return a.name + ": " + a.balance + " (" + a.history + " transfers)";
}

function simulate(rounds) {
  alice = account("alice", 100);
  bob = account("bob", 50);
  carol = account("carol", 0);
  failed = 0;
  i = 0;
  while (i < rounds) {
    i = i + 1;
    if (transfer(alice, bob, rem(i * 7, 13)) == (1 == 0)) {
      failed = failed + 1;
    }
    if (transfer(bob, carol, rem(i * 5, 11)) == (1 == 0)) {
      failed = failed + 1;
    }
    if (transfer(carol, alice, rem(i * 3, 17)) == (1 == 0)) {
      failed = failed + 1;
    }
    if (i > 1000) {
      break;
    }
  }
  println(report(alice));
  println(report(bob));
  println(report(carol));
  return failed;
}

function main() {
  primes = countPrimes(200);
  list = range(0, 20);
  squares = map(list, square);
  sum = fold(squares, plus, 0);
  println("squares: " + join(map(range(0, 6), square), ", "));
  tree = nil();
  k = 0;
  while (k < 40) {
    tree = insert(tree, rem(k * 37 + 11, 23));
    k = k + 1;
  }
  weighted = inorder(tree, keyTimesCount);
  failed = simulate(60);
  return primes + sum + depth(tree) + weighted + failed + gcd(1071, 462) + abs(negate(5)) + length(list);
}
