// Async boundary for Module Federation's shared modules (docs/architecture.md, "Module Federation pitfalls").
import('./bootstrap');
