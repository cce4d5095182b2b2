// Nested blocks and empty statements.
{
  let a = 1;
  {
    let b = 2;
    {
      console.log(a + b);
    }
  }
}
;;;
if (true) {} else {}
for (let i = 0; i < 3; i++);
console.log("done");
