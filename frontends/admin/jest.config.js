module.exports = {
  displayName: 'admin',
  ...require('../../jest.preset')(__dirname, {
    testEnvironment: 'jsdom',
    moduleNameMapper: {
      '^@oj/contracts$': require('path').join(__dirname, '../../packages/contracts/src'),
      '^@oj/kit$': require('path').join(__dirname, '../kit/src'),
      '\\.css$': require('path').join(__dirname, 'test/style-stub.js'),
    },
    setupFiles: [require('path').join(__dirname, 'test/setup.js')],
  }),
};
