// Top-level functions and vars are visible inside all functions.
var counter = 0;
function bump() { counter++; return counter; }
function twice() { bump(); return bump(); }
console.log(twice(), counter);
let topLet = "top";
function readTop() { return topLet; }
topLet = "changed";
console.log(readTop());
