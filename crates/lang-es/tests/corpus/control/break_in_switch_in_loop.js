// break inside switch leaves only the switch; continue affects the loop.
const out = [];
for (let i = 0; i < 6; i++) {
  switch (i % 3) {
    case 0:
      out.push("zero");
      break;
    case 1:
      continue;
    default:
      out.push("two");
  }
  out.push("after" + i);
}
console.log(out.join(" "));
