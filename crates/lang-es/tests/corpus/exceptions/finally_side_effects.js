// finally's side effects are visible even when try returns an object.
function f() {
  const o = { v: 1 };
  try {
    return o;
  } finally {
    o.v = 2;
  }
}
console.log(f());
function g() {
  let count = 0;
  try {
    try {
      count++;
      return count;
    } finally {
      count += 10;
    }
  } finally {
    count += 100;
    console.log("count in outer finally", count);
  }
}
console.log(g());
