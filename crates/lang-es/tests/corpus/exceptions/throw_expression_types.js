// Any value can be thrown; typeof tells them apart in catch.
const things = [1, "s", true, null, undefined, [1], { a: 1 }, new Error("e"), () => 1];
for (const t of things) {
  try {
    throw t;
  } catch (e) {
    console.log(typeof e, e === t, e instanceof Error);
  }
}
