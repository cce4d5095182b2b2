// Mandelbrot set rendered as ASCII art plus an AWFY-style bit checksum.
function render(width, height, maxIter) {
  const chars = " .:-=+*#%@";
  const lines = [];
  for (let row = 0; row < height; row++) {
    let line = "";
    for (let col = 0; col < width; col++) {
      const cr = -2.2 + (col / width) * 3.0;
      const ci = -1.2 + (row / height) * 2.4;
      let zr = 0, zi = 0, i = 0;
      while (i < maxIter && zr * zr + zi * zi <= 4) {
        const t = zr * zr - zi * zi + cr;
        zi = 2 * zr * zi + ci;
        zr = t;
        i++;
      }
      line += i === maxIter ? "@" : chars[i % (chars.length - 1)];
    }
    lines.push(line);
  }
  return lines.join("\n");
}

function mandelbrot(size) {
  let sum = 0, byteAcc = 0, bitNum = 0, y = 0;
  while (y < size) {
    const ci = (2.0 * y / size) - 1.0;
    let x = 0;
    while (x < size) {
      let zrzr = 0.0, zi = 0.0, zizi = 0.0;
      const cr = (2.0 * x / size) - 1.5;
      let z = 0, notDone = true, escape = 0;
      while (notDone && z < 50) {
        const zr = zrzr - zizi + cr;
        zi = 2.0 * zr * zi + ci;
        zrzr = zr * zr;
        zizi = zi * zi;
        if (zrzr + zizi > 4.0) { notDone = false; escape = 1; }
        z += 1;
      }
      byteAcc = (byteAcc << 1) + escape;
      bitNum += 1;
      if (bitNum === 8) {
        sum ^= byteAcc;
        byteAcc = 0;
        bitNum = 0;
      } else if (x === size - 1) {
        byteAcc <<= (8 - bitNum);
        sum ^= byteAcc;
        byteAcc = 0;
        bitNum = 0;
      }
      x += 1;
    }
    y += 1;
  }
  return sum;
}

console.log(render(60, 24, 30));
console.log("checksum 1:", mandelbrot(1), "checksum 100:", mandelbrot(100), "checksum 250:", mandelbrot(250));
