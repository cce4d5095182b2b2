// Objects wider than the line limit break over several lines, nested ones are indented.
const o = {
  name: "EasyScript",
  version: "1.0.0",
  description: "a small language",
  keywords: ["js", "truffle", "interpreter"],
  nested: { deep: { value: 42 }, list: [1, 2, 3] },
};
console.log(o);
console.log({ short: 1, inner: { a: "aaaaaaaaaaaaaaaaaaaa", b: "bbbbbbbbbbbbbbbbbbbb", c: "cccccccccccccccccccc" } });
