// Naive substring search implemented with charCodeAt.
function find(hay, needle) {
  outer: for (let i = 0; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) {
      if (hay.charCodeAt(i + j) !== needle.charCodeAt(j)) continue outer;
    }
    return i;
  }
  return -1;
}
const hay = "abracadabra";
for (const n of ["abra", "cad", "bra", "dab", "xyz", "", "abracadabra!"]) {
  console.log(n, find(hay, n), hay.indexOf(n));
}
