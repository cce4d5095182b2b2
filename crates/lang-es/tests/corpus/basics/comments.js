// Line and block comments are ignored everywhere.
/* a block comment
   over several lines */
let x = /* inline */ 5; // trailing
// let x = 6;
console.log(x /* inside call */, "// not a comment", "/* nor this */");
/**/ console.log("after empty block comment");
