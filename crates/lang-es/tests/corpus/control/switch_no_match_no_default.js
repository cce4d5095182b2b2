// A switch with no matching case and no default does nothing.
let r = "unchanged";
switch (42) {
  case 1: r = "one"; break;
  case "42": r = "string"; break;
}
console.log(r);
switch (NaN) {
  case NaN: r = "NaN matched"; break;
  default: r = "NaN never matches";
}
console.log(r);
switch (-0) {
  case 0: r = "-0 matches 0"; break;
}
console.log(r);
