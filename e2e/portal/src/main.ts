// The async boundary Module Federation needs before app code runs.
import('./bootstrap');
