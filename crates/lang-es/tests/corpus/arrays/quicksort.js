// Recursive quicksort using filter and spread.
function qsort(a) {
  if (a.length <= 1) return a;
  const [p, ...rest] = a;
  return [...qsort(rest.filter(x => x < p)), p, ...qsort(rest.filter(x => x >= p))];
}
console.log(qsort([3, 6, 1, 8, 2, 9, 2, 7, 0, -1]));
console.log(qsort(["pear", "apple", "fig"]));
console.log(qsort([]));
