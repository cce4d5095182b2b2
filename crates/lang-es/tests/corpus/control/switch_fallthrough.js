// switch cases fall through without break.
function days(month) {
  let d;
  switch (month) {
    case 2:
      d = 28;
      break;
    case 4: case 6: case 9: case 11:
      d = 30;
      break;
    default:
      d = 31;
  }
  return d;
}
console.log([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map(days).join(","));
function trace(x) {
  const log = [];
  switch (x) {
    case 0: log.push("zero");
    case 1: log.push("one");
    case 2: log.push("two"); break;
    case 3: log.push("three");
  }
  return log.join(">");
}
console.log(trace(0), "|", trace(1), "|", trace(2), "|", trace(3), "|", trace(9));
