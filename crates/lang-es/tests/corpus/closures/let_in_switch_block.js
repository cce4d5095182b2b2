// Closures over variables declared inside switch cases and blocks.
function pick(k) {
  let f;
  switch (k) {
    case 1: {
      const msg = "one";
      f = () => msg;
      break;
    }
    case 2: {
      const msg = "two";
      f = () => msg + "!";
      break;
    }
    default:
      f = () => "other";
  }
  return f;
}
console.log(pick(1)(), pick(2)(), pick(3)());
