test Pick = ( pick | rd )
test Key  = ( key | rd )
