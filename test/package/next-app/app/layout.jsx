import 'agentscope-react/styles.css'

export const metadata = { title: 'agentscope-react in the App Router' }

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  )
}
