module.exports = { displayName: 'contracts', ...require('../../jest.preset')(__dirname) };
