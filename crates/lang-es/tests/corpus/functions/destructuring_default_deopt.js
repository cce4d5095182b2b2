// Pattern defaults that read earlier bindings, where a later default deoptimizes the first
// time it runs in compiled code (found by the differential tester): the resumed pattern must
// keep the value chosen for each earlier part.
function point({ x = 1, y = x * 2 }, [a, b = 3, ...more] = []) {
  return x + y + a + b + more.length;
}
function scaled({ x = 1, y = 7 * x, z = y + x }) {
  return [x, y, z].join(",");
}
let t = 0;
for (let i = 0; i < 5; i++) {
  t += point({}, [i]);
  t += point({ x: i }, [i, undefined, 1, 2]);
  console.log(t, scaled({}), scaled({ x: 0.5 }), scaled({ y: "s" }));
}
