// break and continue inside try still run finally.
const log = [];
for (let i = 0; i < 4; i++) {
  try {
    if (i === 1) continue;
    if (i === 3) break;
    log.push("body " + i);
  } finally {
    log.push("finally " + i);
  }
}
console.log(log.join(", "));
function g() {
  for (let i = 0; i < 3; i++) {
    try {
      return "returned at " + i;
    } finally {
      log.length = 0;
      log.push("finally before return");
    }
  }
}
console.log(g(), log);
function h() {
  let n = 0;
  while (true) {
    try {
      n++;
      if (n < 3) continue;
      break;
    } finally {
      n += 10;
    }
  }
  return n;
}
console.log(h());
