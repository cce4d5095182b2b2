// Rest parameters collect remaining arguments into an array.
function sum(...nums) { return nums.reduce((s, x) => s + x, 0); }
console.log(sum(), sum(1), sum(1, 2, 3, 4));
function first(a, ...rest) { return [a, rest, rest.length]; }
console.log(first(1), first(1, 2, 3));
const join = (sep, ...parts) => parts.join(sep);
console.log(join("-", "a", "b", "c"), join("+"));
function count(...args) { return args.length; }
console.log(count(undefined, undefined), count(...[1, 2, 3], 4));
