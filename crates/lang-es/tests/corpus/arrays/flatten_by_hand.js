// Recursive flattening of nested arrays.
function flatten(arr) {
  const out = [];
  for (const x of arr) {
    if (Array.isArray(x)) {
      for (const y of flatten(x)) out.push(y);
    } else out.push(x);
  }
  return out;
}
console.log(flatten([1, [2, [3, [4, [5]]]], 6, [], [[[]]]]));
console.log(flatten([["a"], "b", [["c", ["d"]]]]));
