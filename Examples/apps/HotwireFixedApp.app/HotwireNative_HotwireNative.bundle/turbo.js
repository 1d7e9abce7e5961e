// Hotwire Native's turbo.js would be here; WebFence looks only at the bundle's name.
