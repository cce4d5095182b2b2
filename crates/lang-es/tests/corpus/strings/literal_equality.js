// Equal string literals at different places are one string, and strict equality settles
// literals by identity; strings built at run time still compare by their characters. The loop
// runs long enough to be compiled, and its comparisons see literals, built strings, null,
// undefined, numbers and objects on either side.
function direction(i) {
  switch (i % 7) {
    case 0: return 'forward';
    case 1: return 'backward';
    case 2: return null;
    case 3: return 'for' + 'ward';
    case 4: return ['forw', 'ard'].join('');
    case 5: return i % 2 === 0 ? undefined : 42;
    default: return { direction: 'forward' };
  }
}

const counts = { forward: 0, backward: 0, loose: 0, same: 0, other: 0, empty: 0 };
for (let i = 0; i < 30000; i++) {
  const d = direction(i);
  if (d === 'forward') counts.forward++;
  if ('backward' === d) counts.backward++;
  if (d == 'forward') counts.loose++;
  if (d === direction(i + 7)) counts.same++;
  if (d !== 'forward' && d !== 'backward') counts.other++;
  if ('' === (d === null ? '' : 'x').slice(1)) counts.empty++;
}
console.log(counts);
console.log('forward' === 'for' + 'ward', 'a' === 'a', '' === '', 'ü€' === 'ü' + '€');
console.log(['forward', 'backward', 'forward'].indexOf('forward'), ['x', 'y'].includes('y'), 'forward' < 'forwards');
