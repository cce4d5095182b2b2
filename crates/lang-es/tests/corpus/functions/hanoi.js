// Towers of Hanoi: recursive solution recording moves.
function hanoi(n, from, to, via, moves) {
  if (n === 0) return moves;
  hanoi(n - 1, from, via, to, moves);
  moves.push(from + to);
  hanoi(n - 1, via, to, from, moves);
  return moves;
}
console.log(hanoi(3, "A", "C", "B", []).join(" "));
console.log(hanoi(10, "A", "C", "B", []).length);
