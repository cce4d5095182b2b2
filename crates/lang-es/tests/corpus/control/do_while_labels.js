// do-while with labelled continue in an inner loop.
let i = 0;
const log = [];
outer: do {
  i++;
  for (let j = 0; j < 3; j++) {
    if (j === i) continue outer;
    log.push(i + "," + j);
  }
} while (i < 4);
console.log(log.join(" "));
