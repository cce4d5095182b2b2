// Nested loops computing a multiplication table.
for (let i = 1; i <= 5; i++) {
  let row = "";
  for (let j = 1; j <= 5; j++) row += String(i * j).padStart(4);
  console.log(row);
}
let count = 0;
for (let a = 0; a < 10; a++) for (let b = a; b < 10; b++) for (let c = b; c < 10; c++) count++;
console.log(count);
