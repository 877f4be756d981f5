/** Style sheets imported as modules (style-loader puts them on the page; they export nothing the code reads). */
declare module '*.css';
