// switch with strict comparison, default and break.
function name(n) {
  switch (n) {
    case 1: return "one";
    case 2: return "two";
    case "3": return "string three";
    case 3: return "number three";
    default: return "many";
  }
}
console.log(name(1), name(2), name(3), name("3"), name(4), name("1"));
