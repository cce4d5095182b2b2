// Calling with fewer or more arguments than parameters.
function three(a, b, c) { return [a, b, c]; }
console.log(three(1), three(1, 2, 3, 4));
function usesMissing(a, b) { return b === undefined ? "b missing" : "b=" + b; }
console.log(usesMissing(1), usesMissing(1, 0), usesMissing(1, undefined));
