// Module Federation async boundary: shared singletons load before any app code runs.
import('./bootstrap');
