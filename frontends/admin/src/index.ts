// Async boundary for Module Federation's shared modules (design.md "Known pitfalls").
import('./bootstrap');
