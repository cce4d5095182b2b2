// Bubble sort, insertion sort and selection sort give the same result.
function bubble(a) {
  a = a.slice();
  for (let i = 0; i < a.length; i++)
    for (let j = 0; j < a.length - 1 - i; j++)
      if (a[j] > a[j + 1]) { const t = a[j]; a[j] = a[j + 1]; a[j + 1] = t; }
  return a;
}
function insertion(a) {
  a = a.slice();
  for (let i = 1; i < a.length; i++) {
    const x = a[i];
    let j = i - 1;
    while (j >= 0 && a[j] > x) { a[j + 1] = a[j]; j--; }
    a[j + 1] = x;
  }
  return a;
}
function selection(a) {
  a = a.slice();
  for (let i = 0; i < a.length; i++) {
    let m = i;
    for (let j = i + 1; j < a.length; j++) if (a[j] < a[m]) m = j;
    const t = a[i]; a[i] = a[m]; a[m] = t;
  }
  return a;
}
const data = [5, -3, 9, 0, 2.5, 9, -10, 1e3, 7];
console.log(bubble(data));
console.log(insertion(data).join() === bubble(data).join(), selection(data).join() === bubble(data).join());
console.log(data);
