const path = require('path');
module.exports = {
  displayName: 'kit',
  ...require('../../jest.preset')(__dirname, {
    testEnvironment: 'jsdom',
    moduleNameMapper: {
      '^@oj/contracts$': path.join(__dirname, '../../packages/contracts/src'),
      '^@oj/kit/core$': path.join(__dirname, 'src/core'),
      '^@oj/kit$': path.join(__dirname, 'src'),
      '\\.css$': path.join(__dirname, 'test/style-stub.js'),
    },
  }),
};
