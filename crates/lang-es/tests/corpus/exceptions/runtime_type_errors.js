// TypeErrors raised by the runtime, caught and printed by message.
const cases = [
  () => { const u = undefined; return u.prop; },
  () => { const n = null; return n.prop; },
  () => { const o = {}; return o.method(); },
  () => { const notFn = 5; return notFn(); },
  () => { const o = { inner: {} }; return o.inner.deep.value; },
  () => { const n = null; n.x = 1; },
  () => { let s = "str"; return s.nope(); },
  () => { const arr = [1, 2]; return arr[5].x; },
  () => { const C = 3; return new C(); },
];
for (const c of cases) {
  try {
    c();
    console.log("no error");
  } catch (e) {
    console.log(e.name + ": " + e.message);
  }
}
