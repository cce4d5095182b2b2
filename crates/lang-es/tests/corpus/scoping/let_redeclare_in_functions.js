// Same names reused in sibling functions and blocks.
function one() { let t = 1; return t; }
function two() { let t = "two"; { let t = 2; } return t; }
function three() { const t = [3]; return t; }
console.log(one(), two(), three());
