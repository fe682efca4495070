/** @type {import('next').NextConfig} */
export default {
  // The app is installed inside the kit's node_modules/.cache: its own folder is the root, not the kit's
  turbopack: { root: import.meta.dirname },
}
